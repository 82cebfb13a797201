// The audit domain's entry for other domains (docs/decisions/259): what they may use of it.
export { auditBackOfficeWrites, changedFields, describeWrite } from './record';
