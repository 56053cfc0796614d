/** the API context path the server was started with (API_BASE); the build may override it */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
