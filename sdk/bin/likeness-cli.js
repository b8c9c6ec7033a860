#!/usr/bin/env node
console.error('likeness-cli: not built yet');
process.exit(1);
