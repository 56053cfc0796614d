/** file and upload's grid cell: one upload with its progress and outcome */
export { UploadCell as default } from '../UploadCell';
