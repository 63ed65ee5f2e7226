// The `fnq` command as cli/build.mjs bundles it into cli/dist/fnq.mjs.
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
