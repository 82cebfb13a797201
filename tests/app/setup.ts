import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The screens' tests assert what a person sees, not how fast (speed is measured under bench/): on a loaded
// machine a render or a lazy chunk settles later, so a `findBy` waits up to 5 s before it fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> without its modal methods: open and close set the `open` attribute, as a browser's do.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) { this.removeAttribute('open'); };
}

afterEach(() => {
  cleanup();
  // A file that runs in node (`@vitest-environment node`, e.g. tests/app/openapi-document.test.ts) has no storage.
  if (typeof window !== 'undefined') localStorage.clear();
});
