/**
 * The archive of one part of a conversation, saved by a download the browser makes: the
 * service's own archive when it delivered one (a graceful stop), or the one the page builds of
 * what it holds (a lost connection, incomplete.zip). Made on the first save, kept in memory as a
 * Blob URL until released; nothing goes to browser storage.
 */
import { el } from './dom';
import type { PageConversation } from './incomplete-archive';

/** A file to download: its name, and its Blob URL with the way to release it. */
export interface ArchiveFile {
  filename: string;
  url: string;
  revoke(): void;
}

export class PartArchive {
  private file?: Promise<ArchiveFile>;
  private released = false;
  /** Downloaded at least once. */
  saved = false;

  constructor(
    /** Makes the file, on the first save. */
    private readonly make: () => Promise<ArchiveFile>,
    /** The service's archive (complete), or what the page held (incomplete). */
    readonly complete: boolean,
  ) {}

  /** Downloads the archive (made now if it was not yet); resolves with its file name. */
  async download(): Promise<string> {
    this.file ??= this.make();
    let file: ArchiveFile;
    try {
      file = await this.file;
    } catch (error) {
      this.file = undefined; // tried again at the next save
      throw error;
    }
    if (this.released) throw new Error('This archive was released.');
    const link = el('a', { href: file.url, download: file.filename, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    this.saved = true;
    return file.filename;
  }

  /** Frees the archive's memory: it can no longer be saved. */
  release(): void {
    this.released = true;
    void this.file?.then(
      (file) => file.revoke(),
      () => undefined,
    );
  }
}

/** An ArchiveFile of bytes made in the page. */
export function archiveFileOf(filename: string, bytes: Uint8Array): ArchiveFile {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
  return { filename, url, revoke: () => URL.revokeObjectURL(url) };
}

/**
 * A part's archive: the service's own when it sent one (a stop), else the one the page builds of
 * what it holds, marked incomplete (its code and JSZip are loaded on demand).
 */
export function partArchiveOf(
  serviceArchive: ArchiveFile | undefined,
  page: PageConversation,
): PartArchive {
  if (serviceArchive) return new PartArchive(() => Promise.resolve(serviceArchive), true);
  return new PartArchive(async () => {
    const { buildIncompleteArchive } = await import('./incomplete-archive');
    const archive = await buildIncompleteArchive(page);
    return archiveFileOf(archive.filename, archive.bytes);
  }, false);
}
