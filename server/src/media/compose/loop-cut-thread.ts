// Worker-thread entry of the loop-cut search of one clip (loop-cut-finder.ts, job-thread.ts).
import { serveJobThread } from './job-thread.js';
import { findLoopCutHere, type LoopCutSearch } from './loop-cut-finder.js';

serveJobThread((search: LoopCutSearch, signal) => findLoopCutHere(search, signal), 'the loop-cut search');
