import { jest } from '@jest/globals';
import './load-nest-first.js';

// Jest takes its timeout per file, not per project: a unit test (or hook) that waits longer
// than this is stuck.
jest.setTimeout(10_000);
