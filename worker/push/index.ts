// The push domain's entry for other domains (docs/decisions/259): what they may use of it.
export { sendOrderReadyLater } from './send';
