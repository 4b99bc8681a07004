// The service itself: configuration, the Nest application, listening. Loaded by main.ts once
// the Node.js version is known to be right.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.setup.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { loadPhrasebook } from './translation/phrasebook/load-phrasebook.js';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    loadPhrasebook(config.PHRASEBOOK_FILE);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(
      `${error.message}\nSee .env.example for every variable and its default.\n`,
    );
    process.exit(1);
  }
  const app = await createApp(config);
  const logger = new Logger('Bootstrap');
  if (!config.authEnabled) {
    logger.warn(
      'API_KEYS is not set: authentication is off, so the service listens on 127.0.0.1 only. Set API_KEYS to serve other machines.',
    );
  }
  await app.listen(config.PORT, config.host);
  logger.log(`Listening on http://${config.host}:${config.PORT} (API docs at /docs)`);
}

await bootstrap();
