from eightoff.web.app import start
start()
