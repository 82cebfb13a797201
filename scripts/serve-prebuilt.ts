// `tsx scripts/serve-prebuilt.ts <build directory>`: `vite preview` serves that build from now on (scripts/lib/prebuilt.ts).
import { servePrebuilt } from './lib/prebuilt';

const [buildDir] = process.argv.slice(2);
if (!buildDir) {
  console.error('usage: tsx scripts/serve-prebuilt.ts <build directory>');
  process.exit(1);
}
try {
  servePrebuilt(buildDir);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
