import { describeLazyLibraries } from '../../records/test/loaded-packages.js'

describeLazyLibraries(
  import.meta.url,
  'loads the S3 SDK, upload parser, zip and image libraries on first use, not at start',
  ['@aws-sdk/client-s3', '@aws-sdk/lib-storage', 'busboy', 'fflate', 'sharp'],
)
