import { dateRenderer } from './date-family';

export const datetime = dateRenderer('datetime');
