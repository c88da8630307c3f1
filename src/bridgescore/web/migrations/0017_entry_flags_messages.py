# An entry's flags are kept as messages with their values (the strain and the side a flag
# names as notated values, read in the reader's notation): up to 1000 characters, so that
# a result with several flags keeps them as messages, not as English text

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bridgescore', '0016_logline_detail_messages'),
    ]

    operations = [
        migrations.AlterField(
            model_name='entry',
            name='flags',
            field=models.CharField(blank=True, help_text="flagged to the director, kept as messages with their values (read in the reader's language and notation): four flags at once fit", max_length=1000),
        ),
    ]
