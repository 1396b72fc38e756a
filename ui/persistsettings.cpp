#include "persistsettings.h"

namespace agui::ui {

namespace {
bool g_persistSettings = true;
} // namespace

void setPersistSettings(bool persist)
{
    g_persistSettings = persist;
}

bool persistSettings()
{
    return g_persistSettings;
}

} // namespace agui::ui
