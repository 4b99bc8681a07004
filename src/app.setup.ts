import { fileURLToPath } from 'node:url';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { answerHttpParserErrors } from './common/http/http-parser-errors.js';
import { corsOptions } from './common/security/cors.js';
import { noStore, securityHeaders } from './common/security/security-headers.js';
import { serveConsole } from './console/console-static.js';
import { AppConfig } from './config/app-config.js';
import { compileTrustProxy } from './config/security/trust-proxy.js';
import { serveApiDocs } from './docs/api-docs.js';
import { SessionWsAdapter } from './orchestrator/transport/session-ws.adapter.js';
import {
  answerMisdirectedHandshakes,
  upgradeOnlySessionHandshakes,
} from './orchestrator/transport/upgrade-routing.js';

/** Builds the application as `npm start` serves it; the end-to-end tests use the same function. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // Behind trusted proxies (TRUST_PROXY), req.ip is the client they forwarded: rate limits count it.
  const trustProxy = compileTrustProxy(config.TRUST_PROXY);
  app.set('trust proxy', trustProxy ?? false);
  // Before everything else, so that every answer has them: static files, /docs, errors.
  app.use(securityHeaders());
  // WebSocket handshakes other than GET /ws are answered here, as HTTP errors.
  upgradeOnlySessionHandshakes(app.getHttpServer());
  app.use(answerMisdirectedHandshakes);
  const cors = corsOptions(config.corsOrigins);
  if (cors) app.enableCors(cors);
  // JSON bodies are parsed by JsonBodyMiddleware, after the request logger.
  app.enableShutdownHooks();
  const parserLogger = new NestLogger('HttpParser');
  answerHttpParserErrors(app.getHttpServer(), (code, status) =>
    parserLogger.warn(`Refused a request Node's HTTP parser could not read: ${status} (${code})`),
  );
  app.useWebSocketAdapter(new SessionWsAdapter(app, config, trustProxy));
  // The interpreter console at / (built by the set-up into console/dist/, beside dist/ and src/).
  serveConsole(app, fileURLToPath(new URL('../console/dist', import.meta.url)));
  // Every answer past the console's files is medical data: no cache may keep it.
  app.use(noStore);
  serveApiDocs(app);
  return app;
}
