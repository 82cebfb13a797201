// autocannon ships no types; bench/run.ts describes the part it uses (its `Cannon` type).
declare module 'autocannon';
