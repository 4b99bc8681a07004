import { Module } from '@nestjs/common';
import { ConsoleController } from './console.controller.js';

/**
 * The interpreter console (issue 7): its settings route. The page itself (console/, built by
 * vite into console/dist/) is served as static files by createApp.
 */
@Module({ controllers: [ConsoleController] })
export class ConsoleModule {}
