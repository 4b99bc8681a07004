// Loads NestJS before a test file's own imports. Jest's ESM loader (30.5) runs a CommonJS
// package met while it walks a test file's import graph (nestjs-pino, @nestjs/throttler,
// @willsoto/nestjs-prometheus) before the ES modules of that graph; their require() of
// @nestjs/common, still unevaluated in the same walk, then fails with "Cannot require() ES
// Module … in a cycle". Node itself evaluates the graph in order and needs none of this.
import '@nestjs/common';
import '@nestjs/core';
