// The push domain's entry for other domains (docs/decisions/259): what they may use of it.
export { readyTextsConfigured, sendOrderReadyLater, TEL_ENDPOINT_PREFIX, telEndpoint, vapidKeysOf } from './send';
export { readyTextPhone } from './ready-phone';
