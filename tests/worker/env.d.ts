declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
  interface GlobalProps {
    mainModule: typeof import('../../worker/index');
  }
}

declare module '*.md?raw' {
  const text: string;
  export default text;
}
