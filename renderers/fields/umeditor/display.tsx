import type { WidgetProps } from '@rjsf/utils';
import { RichTextView } from './RichTextView';

/**
 * umeditor in a detail (详细信息): the stored HTML shown as the page's own text, cleaned again in
 * the browser (clean-html.ts), not in a read-only editor with its toolbar and empty height.
 */
export default function RichTextDisplay({ id, value }: WidgetProps) {
  return <RichTextView id={id} html={typeof value === 'string' ? value : ''} />;
}
