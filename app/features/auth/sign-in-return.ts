// The return a drink page hands sign-in (./sign-in-flow.ts), loaded on its tap: a module of its own, so the sign-in
// page's chunk carries no namespace object for a dynamic import of the flow (docs/decisions/275).
export { rememberSignInReturn } from './sign-in-flow';
