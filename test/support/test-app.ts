import 'reflect-metadata';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.setup.js';
import { loadConfig } from '../../src/config/load-config.js';

/** The application exactly as `npm start` builds it, with the given environment and silent logs. */
export async function startTestApp(
  env: Record<string, string> = {},
): Promise<NestExpressApplication> {
  const app = await createApp(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  await app.init();
  return app;
}
