"""The page's one view: everything on screen drawn from the page's state (thin DOM code;
:mod:`.view.page`)."""
