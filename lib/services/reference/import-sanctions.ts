// Imports the sanctions lists among the files of a directory. Stub until the parsers land.
import type { DirectoryImporter } from './import-lists';

export const importSanctionFiles: DirectoryImporter = async () => ({
  imported: [],
  skipped: [],
  claimed: [],
});
