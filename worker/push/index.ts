// The push domain's entry for other domains (docs/decisions/259): what they may use of it.
export { DEVELOPMENT_VAPID_PRIVATE_KEY, DEVELOPMENT_VAPID_PUBLIC_KEY } from './vapid';
