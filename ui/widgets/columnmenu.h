#pragma once

class QHeaderView;

namespace agui::ui {

// A header's context menu that shows and hides its columns (the last visible one stays), so a
// table can start with the columns that fit and still offer the rest.
void installColumnMenu(QHeaderView *header);

} // namespace agui::ui
