import { describeLazyLibraries } from '../../records/test/loaded-packages.js'

describeLazyLibraries(
  import.meta.url,
  'loads its mail, icon, password, image and queue libraries on first use, not at start',
  [
    'nodemailer',
    '@dicebear/core',
    '@dicebear/thumbs',
    '@node-rs/argon2',
    'jsdom',
    'dompurify',
    'sharp',
    'bullmq',
    'ioredis',
  ],
)
