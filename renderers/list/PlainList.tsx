import type { RendererProps } from '../registry';
import { DocumentList } from './ListPage';

/** The plain online list of one entity document ("plain list"). */
export default function PlainList({ code }: RendererProps) {
  return <DocumentList code={code} />;
}
