"""The page's address: deal and position links, the start-up decision, copying a link."""
