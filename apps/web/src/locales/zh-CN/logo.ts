export default {
  'logo.title': '企业标志',
  'logo.intro': '企业标志显示在本企业所有用户的控制台页头。',
  'logo.current': '当前标志',
  'logo.none': '尚未设置标志：页头显示产品名称。',
  'logo.image': '标志图片',
  'logo.upload': '选择图片',
  'logo.hint':
    '支持 PNG、JPEG 或 WebP，不超过 2 MiB，且不超过 4096 × 4096 像素。横向（约 4:1）的标志在页头显示效果最好。',
  'logo.wrongType': '只能使用 PNG、JPEG 或 WebP 图片',
  'logo.tooLarge': '图片超过 2 MiB',
  'logo.uploadFailed': '上传失败',
  'logo.pleaseWaitUploading': '请等待上传完成',
  'logo.submit': '保存标志',
  'logo.saved': '标志已保存',
  'logo.preview': '预览',
};
