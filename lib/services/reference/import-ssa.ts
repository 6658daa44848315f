// Imports the SSA high-group and area tables among the files of a directory. Stub for now.
import type { DirectoryImporter } from './import-lists';

export const importSsaFiles: DirectoryImporter = async () => ({ imported: [], skipped: [], claimed: [] });
