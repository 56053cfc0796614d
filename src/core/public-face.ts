/**
 * The paths of the public face (spec 2.1's open phone pages and /shouye): served by a page of their
 * own (phone.html) by the server, and by the dev and preview servers alike.
 */
export const PUBLIC_FACE_PATHS = /^\/(phone(\/[^.]*)?|shouye)\/?(\?.*)?$/;
