import { dateRenderer } from './date-family';

export const date = dateRenderer('date');
