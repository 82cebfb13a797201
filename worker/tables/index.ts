// The tables domain's entry for other domains (docs/decisions/259): what they may use of it.
export { roundsMoney } from './serialize';
export { tableOwnerKeysOf } from './queries';
export { TableDesk } from './desk';
export { closeIdleTabsWhenDue, wakeBy } from './idle-alarm';
export type { TableActor, TableCommand, TableOutcome } from './commands';
export { tableAnalytics } from './analytics';
export { scanMayJoin } from './membership';
export { countJoinAttempt, presentAt } from './presence';
