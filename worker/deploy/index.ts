// The deploy domain's entry for other domains (docs/decisions/259): what they may use of it.
export { deploymentProblem, refuseToServe, runtimeOf } from './deployment-guard';
