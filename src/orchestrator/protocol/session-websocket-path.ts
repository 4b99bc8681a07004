/** The one WebSocket endpoint: sessions (decisions §5). */
export const SESSION_WEBSOCKET_PATH = '/ws';
