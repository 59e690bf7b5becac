import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files the platform keeps beside its database (device and profile pictures), under
 * `DATA_DIR/files`. Keys are made by the platform, never taken from a request;
 * they are still checked so no key can point outside the folder.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when it is not there. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the files; those already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function fileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Not a file key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  const missing = (error: unknown) =>
    error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes, { mode: 0o600 });
      await fs.rename(partial, file);
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      for (const key of keys) {
        await fs.rm(fileOf(key), { force: true });
      }
    },
  };
}
