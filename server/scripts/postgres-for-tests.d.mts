export declare const TEST_PG_URL: string;
/** null when the server answers, else why not. */
export declare function postgresUnavailable(): Promise<string | null>;
/** Drops every test schema; returns how many. */
export declare function dropTestSchemas(): Promise<number>;
