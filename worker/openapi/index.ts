// The openapi domain's entry for other domains (docs/decisions/259): what they may use of it.
export { documented, requires } from './describe';
