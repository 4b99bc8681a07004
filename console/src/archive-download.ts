/**
 * The conversation archive, offered as a download made in the browser: the ZIP of the
 * `conversation_archive` message becomes a Blob and a link to it, named with the archive's file
 * name. Nothing is stored by the service, nor by the page (the link lives until the page moves on).
 */
import { base64ToBlob } from './base64';
import type { ConversationArchiveMessage } from './protocol';

export interface ArchiveLink {
  filename: string;
  sizeBytes: number;
  url: string;
  /** Releases the archive's memory; the link stops working. */
  revoke(): void;
}

export function archiveLink(message: ConversationArchiveMessage): ArchiveLink {
  const blob = base64ToBlob(message.content_base64, 'application/zip');
  const url = URL.createObjectURL(blob);
  return {
    filename: safeFilename(message.filename),
    sizeBytes: blob.size,
    url,
    revoke: () => URL.revokeObjectURL(url),
  };
}

/** The server's name (`conversation-20261122T044130Z-1a89f9de.zip`), kept to safe characters. */
function safeFilename(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return cleaned.endsWith('.zip') ? cleaned : 'conversation.zip';
}

/** "613 kB", "1.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
