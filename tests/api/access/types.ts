/**
 * Sample requests for the route/permission matrix (tests/api/access-matrix.test.ts): every route the
 * server registers must have one, so a new route cannot ship without being walked as anonymous
 * (401), as a signed-in user lacking its code (510) and as the admin (success).
 * Each module in this folder exports `samples`, keyed "METHOD /path" exactly as the route table
 * declares it (path parameters as written there, e.g. "GET /sys/dict/getDictItems/:dictCode").
 */
export interface Sample {
  /** values for the route's path parameters */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** a multipart upload: one file part named `file` (or `fieldName`) */
  upload?: { fieldName?: string; fileName: string; content: Buffer; contentType?: string };
  /** what the admin gets: the envelope with success:true (default), a file download, or a redirect (HTTP 302) */
  expect?: 'success' | 'file' | 'redirect';
  /**
   * the session the admin pass uses instead of the walk's admin token: for calls that end or change
   * the caller's own session (logout, updatePassword), the sample signs in a session of its own;
   * visitor routes carry a visitor's token
   */
  token?: string;
}

/**
 * Builds the request the admin will send. It may create what the call needs through the API first
 * (a row to edit or delete), using the admin's token; it runs once per role in the walk, so a
 * destructive call gets a fresh target every time.
 */
export type SampleFn = (adminToken: string) => Promise<Sample> | Sample;

export type Samples = Record<string, SampleFn>;
