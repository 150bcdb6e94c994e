import { startClient } from './lib/start-client.js'
import { theme } from './theme.js'

void startClient(theme)
