import type { RendererProps } from '../registry';
import { DocumentList } from './ListPage';

/** The tree online list (spec 2.2 "tree list", 4 "Expandable tree table"): roots paged, children on expand. */
export default function TreeList({ code }: RendererProps) {
  return <DocumentList code={code} tree />;
}
