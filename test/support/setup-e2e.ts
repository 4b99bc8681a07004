import { jest } from '@jest/globals';
import './load-nest-first.js';

// Jest takes its timeout per file, not per project: an end-to-end file starts the whole
// service with its engines in its hooks, and a test may stream seconds of speech in real time.
jest.setTimeout(60_000);
