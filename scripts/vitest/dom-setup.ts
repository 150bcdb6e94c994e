// Component tests (jsdom) wait up to 5 s for what they look for: the whole suite shares two cores, so
// a lazy chunk or a screen's first fetch can take longer than Testing Library's 1 s default. A test
// that waits for something that never comes still fails, only later.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5000 })
}
