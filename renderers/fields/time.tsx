import { dateRenderer } from './date-family';

export const time = dateRenderer('time');
