/** DATABASE_URL with the schema as the connection's search_path. */
export function withSearchPath(url: string, schema: string): string;
/** Creates the schema. */
export function createSchema(url: string, schema: string): Promise<void>;
/** Drops the schema and everything in it. */
export function dropSchema(url: string, schema: string): Promise<void>;
