export default {
  'logo.title': 'Company logo',
  'logo.intro': 'The logo appears in the console header for everyone in the company.',
  'logo.current': 'Current logo',
  'logo.none': 'No logo yet: the header shows the product name.',
  'logo.image': 'Logo image',
  'logo.upload': 'Choose image',
  'logo.hint':
    'PNG, JPEG or WebP, at most 2 MiB and 4096 × 4096 pixels. A wide logo (about 4:1) fits the header best.',
  'logo.wrongType': 'Only PNG, JPEG or WebP images can be used',
  'logo.tooLarge': 'The image is larger than 2 MiB',
  'logo.uploadFailed': 'Upload failed',
  'logo.pleaseWaitUploading': 'Please wait uploading',
  'logo.submit': 'Save logo',
  'logo.saved': 'Logo saved',
  'logo.preview': 'Preview',
};
