#!/usr/bin/env node
// Runs src/cli.ts in this process through tsx's loader (no build step, signals arrive directly).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
