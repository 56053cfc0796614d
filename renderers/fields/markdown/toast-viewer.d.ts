// @toast-ui/editor's exports map names no types (tsconfig.json's paths): its viewer entry is the Viewer
declare module '@toast-ui/editor/viewer' {
  import { Viewer } from '@toast-ui/editor';
  export default Viewer;
}
