#!/usr/bin/env node
// Rushes uploader: `upload`, `watch`, and with no arguments a small page in the browser
// (src/cli.mjs lists the commands). Plain ESM with node built-ins only: bundled into one executable.
import { run } from '../src/cli.mjs';

run();
