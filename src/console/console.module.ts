import { Module } from '@nestjs/common';
import { TranscriptionModule } from '../transcription/transcription.module.js';
import { ConsoleController } from './console.controller.js';

/**
 * The interpreter console (issue 7): its settings route (it asks the recognizer which languages
 * it understands). The page itself (console/, built by vite into console/dist/) is served as
 * static files by createApp, through serveConsole (console-static.ts).
 */
@Module({ imports: [TranscriptionModule], controllers: [ConsoleController] })
export class ConsoleModule {}
